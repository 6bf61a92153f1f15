/**
 * The Javascript type: a JSONP call. The leading comment keeps a body that starts with the
 * callback name from being sniffed as another type; U+2028 and U+2029 are escaped because
 * engines before ES2019 end a string literal at them.
 */
const escapeLineSeparators = (json: string): string => json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function renderJavascriptCall(callback: string, json: string): string {
  return `/**/${callback}(${escapeLineSeparators(json)});`;
}

/** What a page gets when the callback argument itself is wrong: there is nothing to call. */
export function renderAlert(message: string): string {
  return `alert(${escapeLineSeparators(JSON.stringify(message))});`;
}
