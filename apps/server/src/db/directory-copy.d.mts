/** Copy `from` to `to` through a partial directory renamed into place; true when it was made (directory-copy.mjs). */
export function copyDirectory(from: string, to: string): boolean;
