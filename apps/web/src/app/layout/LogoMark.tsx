/** The Wordhoard mark: an open book in the accent colour (same drawing as the favicon). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 64 64"
      width="32"
      height="32"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="var(--color-accent)" />
      <path d="M14 18h12c3.3 0 6 2.7 6 6v24c0-2.2-1.8-4-4-4H14z" fill="var(--color-on-accent)" />
      <path
        d="M50 18H38c-3.3 0-6 2.7-6 6v24c0-2.2 1.8-4 4-4h14z"
        fill="var(--color-on-accent)"
        opacity="0.75"
      />
    </svg>
  );
}
