export function placeholdersOf(text: string): string[];
export function samePlaceholders(source: string, translation: string): boolean;
