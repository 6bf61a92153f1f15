/**
 * Least privilege, read from template.yaml: each function names exactly the tables it uses, and its inline
 * policy grants exactly what its code does with them, action by action and table or index by index.
 */
import { loadTemplate } from '../../infra/template/read';

const template = loadTemplate();
const functions = Object.keys(template.Resources).filter((id) => template.Resources[id]!.Type === 'AWS::Serverless::Function');

/** A gallery endpoint's reads: records by key, and a Query on the indexes of one partition family (docs/gallery-layout.md). */
const galleryReads = (family?: 'day' | 'thread' | 'parent') => [
  'dynamodb:BatchGetItem on GalleryTable',
  ...(family ? ['ByDate', 'ByRankDesc', 'ByRankAsc'].map((order) => `dynamodb:Query on GalleryTable/index/${family}${order}`) : []),
];
const GALLERY_TABLE = { GALLERY_TABLE: 'GalleryTable' };
const SHORT_URLS_TABLE = { SHORT_URLS_TABLE: 'ShortUrlsTable' };

/** Per function: the tables its environment names, and every action its policy allows, on what. The rest: none. */
const GRANTS: Readonly<Record<string, readonly [Record<string, string>, readonly string[]]>> = {
  ShortUrlCreateFunction: [
    { SHORT_URLS_TABLE: 'ShortUrlsTable', RATE_LIMITS_TABLE: 'RateLimitsTable' },
    [
      ...['dynamodb:GetItem on ShortUrlsTable', 'dynamodb:PutItem on ShortUrlsTable', 'dynamodb:UpdateItem on ShortUrlsTable'],
      'dynamodb:UpdateItem on RateLimitsTable',
    ],
  ],
  ShortUrlFunction: [SHORT_URLS_TABLE, ['dynamodb:GetItem on ShortUrlsTable']],
  // The view count of GET /{code}.
  RedirectFunction: [SHORT_URLS_TABLE, ['dynamodb:GetItem on ShortUrlsTable', 'dynamodb:UpdateItem on ShortUrlsTable']],
  GalleryPhotosFunction: [GALLERY_TABLE, galleryReads('day')],
  GalleryCommentsFunction: [GALLERY_TABLE, galleryReads('day')],
  GalleryPhotosCommentsFunction: [GALLERY_TABLE, galleryReads('thread')],
  GalleryPhotoCommentsFunction: [GALLERY_TABLE, galleryReads('parent')],
  GalleryRepliesFunction: [GALLERY_TABLE, galleryReads('parent')],
  GalleryPhotosByIdsFunction: [GALLERY_TABLE, galleryReads()],
  GalleryPhotoFunction: [GALLERY_TABLE, galleryReads()],
  GalleryCommentFunction: [GALLERY_TABLE, galleryReads()],
};

/** `<action> on <table>[/index/<name>]` for every action and resource of an inline Allow; anything else as it is written. */
function grantsOf(id: string): string[] {
  const target = (resource: any): string => {
    if (resource?.['Fn::GetAtt']?.[1] === 'Arn') return resource['Fn::GetAtt'][0];
    const index = /^\$\{(\w+)\.Arn\}(\/index\/\w+)$/.exec(resource?.['Fn::Sub'] ?? '');
    return index ? `${index[1]}${index[2]}` : JSON.stringify(resource);
  };
  return (template.Resources[id]!.Properties!.Policies ?? []).flatMap((policy: any) => {
    if (typeof policy !== 'object' || Object.keys(policy).join() !== 'Statement')
      return [`not an inline policy: ${JSON.stringify(policy)}`];
    return policy.Statement.flatMap((statement: any) =>
      Object.keys(statement).sort().join() !== 'Action,Effect,Resource' || statement.Effect !== 'Allow'
        ? [`not a plain Allow: ${JSON.stringify(statement)}`]
        : [statement.Resource].flat().flatMap((resource) => [statement.Action].flat().map((action) => `${action} on ${target(resource)}`)),
    );
  });
}

test.each(functions)('%s: names the tables it uses and may do with them only what it does', (id) => {
  const [tables, grants] = GRANTS[id] ?? [{}, []];
  const variables = template.Resources[id]!.Properties!.Environment?.Variables ?? {};
  const named = Object.entries(variables).filter(([name]) => name.endsWith('_TABLE'));
  expect(Object.fromEntries(named)).toEqual(Object.fromEntries(Object.entries(tables).map(([name, table]) => [name, { Ref: table }])));
  expect(grantsOf(id).sort()).toEqual([...grants].sort());
});

test('the gallery indexes the policies name are the table’s', () => {
  const { GlobalSecondaryIndexes } = template.Resources.GalleryTable!.Properties!;
  const indexes = GlobalSecondaryIndexes.map((index: { IndexName: string }) => index.IndexName);
  const named = Object.values(GRANTS).flatMap(([, grants]) => grants.flatMap((grant) => /\/index\/(\w+)$/.exec(grant)?.[1] ?? []));
  expect(indexes).toEqual(expect.arrayContaining(named));
});
