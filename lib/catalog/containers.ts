/** The container listing, short names and display names in their order (docs/api.md, Containers). */
export interface TopicEntry {
  readonly name: string;
  readonly short_name: string;
}

export interface ContainerEntry {
  readonly name: string;
  readonly short_name: string;
  readonly topics: readonly TopicEntry[];
}

const container = (name: string, short_name: string, topics: Array<[string, string]>): ContainerEntry => ({
  name,
  short_name,
  topics: topics.map(([topicShortName, topicName]) => ({ name: topicName, short_name: topicShortName })),
});

export const CONTAINERS: readonly ContainerEntry[] = [
  container('Technology', 'technology', [
    ['apple', 'Apple'],
    ['design', 'Design'],
    ['gadgets', 'Gadgets'],
    ['hardware', 'Hardware'],
    ['tech_news', 'Tech Industry News'],
    ['linux_unix', 'Linux/Unix'],
    ['microsoft', 'Microsoft'],
    ['mods', 'Mods'],
    ['programming', 'Programming'],
    ['security', 'Security'],
    ['software', 'Software'],
  ]),
  container('World & Business', 'world_business', [
    ['business_finance', 'Business & Finance'],
    ['world_news', 'World News'],
    ['politics', 'Political News'],
    ['political_opinion', 'Political Opinion'],
    ['2008_us_elections', 'US Elections 2008'],
  ]),
  container('Science', 'science', [
    ['environment', 'Environment'],
    ['general_sciences', 'General Sciences'],
    ['space', 'Space'],
  ]),
  container('Gaming', 'gaming', [
    ['gaming_news', 'Gaming Industry News'],
    ['pc_games', 'PC Games'],
    ['playable_web_games', 'Playable Web Games'],
    ['nintendo', 'Nintendo'],
    ['playstation', 'PlayStation'],
    ['xbox', 'Xbox'],
  ]),
  container('Lifestyle', 'lifestyle', [
    ['arts_culture', 'Arts & Culture'],
    ['autos', 'Autos'],
    ['educational', 'Educational'],
    ['food_drink', 'Food & Drink'],
    ['health', 'Health'],
    ['travel_places', 'Travel & Places'],
  ]),
  container('Entertainment', 'entertainment', [
    ['celebrity', 'Celebrity'],
    ['movies', 'Movies'],
    ['music', 'Music'],
    ['television', 'Television'],
    ['comics_animation', 'Comics & Animation'],
  ]),
  container('Sports', 'sports', [
    ['baseball', 'Baseball'],
    ['basketball', 'Basketball'],
    ['extreme_sports', 'Extreme Sports'],
    ['football', 'Football - US/Canada'],
    ['golf', 'Golf'],
    ['hockey', 'Hockey'],
    ['motorsport', 'Motorsport'],
    ['soccer', 'Soccer'],
    ['tennis', 'Tennis'],
    ['other_sports', 'Other Sports'],
  ]),
  container('Offbeat', 'offbeat', [
    ['comedy', 'Comedy'],
    ['odd_stuff', 'Odd Stuff'],
    ['people', 'People'],
    ['pets_animals', 'Pets & Animals'],
  ]),
];
