// The placeholders ({name}) and tags (<0>, </0>, <1/>) of a message: a translation must keep the same set.
export function placeholdersOf(text) {
  return [...text.matchAll(/\{[A-Za-z0-9_]+\}|<\/?\d+\/?>/g)].map((m) => m[0]).sort();
}

export function samePlaceholders(source, translation) {
  return JSON.stringify(placeholdersOf(source)) === JSON.stringify(placeholdersOf(translation));
}
