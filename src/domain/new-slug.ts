// The names `init` gives a new workspace, in the one place both `init` (which enforces them)
// and the error hints that suggest an init (which must name a slug init accepts) read them.

export const NEW_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_NEW_SLUG_LENGTH = 64;

export function isNewSlug(slug: string): boolean {
  return slug.length <= MAX_NEW_SLUG_LENGTH && NEW_SLUG.test(slug);
}

/**
 * The slug `init` would accept for a name a caller typed (`New-Feature` → `new-feature`,
 * `Legacy_Import.v2` → `legacy-import-v2`), or undefined when nothing of it is left.
 */
export function suggestNewSlug(name: string): string | undefined {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_NEW_SLUG_LENGTH)
    .replace(/^-+|-+$/g, "");
  return isNewSlug(slug) ? slug : undefined;
}
