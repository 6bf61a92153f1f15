/** The text of one `## ` section of the project's markdown, which docs and reports are checked against section by section. */

/** The text under `## title` in `markdown` (heading included), up to the next `## `; fails when there is none. */
export function markdownSection(markdown: string, title: string, source = 'the markdown'): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`${source} has no section "## ${title}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}
