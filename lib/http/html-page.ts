/** The small HTML page a browser gets where the API answers no type of its own: the short-link host's, the retired reference page's. */
export const htmlPage = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p></html>\n`;
