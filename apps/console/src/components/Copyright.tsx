/** The copyright line with the current year. */
export function Copyright({ className }: { className?: string }) {
  return (
    <span className={className} data-testid="copyright">
      © {new Date().getFullYear()} ATK Player. All rights reserved.
    </span>
  );
}
