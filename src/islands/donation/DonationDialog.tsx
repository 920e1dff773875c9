import { useEffect, useId, useRef, useState } from "react";
import { withErrorBoundary } from "../../components/ui/error-boundary";
import { CloseIcon } from "../../components/ui/close-icon";

export interface DonationDialogProps {
  title: string;
  subtitle: string;
  body: string;
  confirm: string;
  dismiss: string;
  url: string;
}

/**
 * The donation dialog (docs/decisions.md, "Donation dialog"): an island hydrated by `client:donation` when it is
 * due (src/browser/hydrate-when-donation-due.ts). The server renders nothing: the dialog exists only once shown.
 * A native modal <dialog>: the browser traps focus, makes the page inert and closes it
 * on Escape. (Radix Dialog's scroll lock injects a <style> element at run time, which the
 * site's Content-Security-Policy forbids; the page's scroll is locked by CSS instead.)
 */
function DonationDialogInner({ title, subtitle, body, confirm, dismiss, url }: DonationDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const close = () => dialog.current?.close();

  return (
    // A click on the backdrop lands on the <dialog> itself and closes it; the keyboard closes it with Escape.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClick={(event) => event.target === dialog.current && close()}
      className="m-auto w-[calc(100%-2rem)] max-w-md border border-ink bg-paper p-0 text-ink shadow-2xl backdrop:bg-black/50"
    >
      <div className="relative p-6">
        <p className="kicker">A note from the editors</p>
        <h2 id={titleId} className="mt-2 font-display text-2xl font-bold">
          {title}
        </h2>
        <p id={descriptionId} className="mt-1 font-sans text-sm text-ink-2">
          {subtitle}
        </p>
        <p className="mt-4 border-t border-rule pt-4">{body}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="button-outline" onClick={close}>
            {dismiss}
          </button>
          <a className="button" href={url} target="_blank" rel="noopener noreferrer" onClick={close}>
            {confirm}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <button
          type="button"
          aria-label="Close"
          onClick={close}
          className="absolute top-3 right-3 inline-flex size-9 items-center justify-center text-ink-2 hover:text-ink"
        >
          <CloseIcon />
        </button>
      </div>
    </dialog>
  );
}

const BoundedDialog = withErrorBoundary(DonationDialogInner);

/** Nothing on the server or before hydration; the dialog from the first render after it. */
export function DonationDialog(props: DonationDialogProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <BoundedDialog {...props} /> : null;
}
