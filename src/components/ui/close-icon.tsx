/** The "×" of every close button drawn as an icon: dialogs, notifications, the search panel, the open phone menu. */
export const CLOSE_ICON_PATH = "M6 6l12 12M18 6L6 18";

/** Decorative (aria-hidden): the button around it carries the name. */
export function CloseIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <path d={CLOSE_ICON_PATH} />
    </svg>
  );
}
