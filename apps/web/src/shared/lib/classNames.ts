/** Joins the truthy class names; CSS Module lookups may be undefined under strict indexing. */
export function cx(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
