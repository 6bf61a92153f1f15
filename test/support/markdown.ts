/** The text under `## title` in `markdown` (heading included) up to the next `## `, for checks section by section; fails when none. */
export function markdownSection(markdown: string, title: string, source = 'the markdown'): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`${source} has no section "## ${title}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}
