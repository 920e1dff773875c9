import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { createRoot } from "react-dom/client";
import { withErrorBoundary } from "../components/ui/error-boundary";

export interface DonationDialogProps {
  title: string;
  subtitle: string;
  body: string;
  confirm: string;
  dismiss: string;
  url: string;
}

/** The donation dialog (D8). Mounted by src/scripts/donation.ts only when its timer fires. */
function DonationDialogInner({ title, subtitle, body, confirm, dismiss, url }: DonationDialogProps) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 border border-ink bg-paper p-6 shadow-2xl">
          <p className="kicker">A note from the editors</p>
          <Dialog.Title className="mt-2 font-display text-2xl font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 font-sans text-sm text-ink-2">{subtitle}</Dialog.Description>
          <p className="mt-4 border-t border-rule pt-4">{body}</p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close className="button-outline">{dismiss}</Dialog.Close>
            <a className="button" href={url} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
              {confirm}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-9 items-center justify-center text-ink-2 hover:text-ink"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const DonationDialog = withErrorBoundary(DonationDialogInner);

/** Renders the dialog into `container`, reading its text from the container's data-props. */
export function mountDonationDialog(container: HTMLElement) {
  const props = JSON.parse(container.dataset["props"] ?? "{}") as DonationDialogProps;
  createRoot(container).render(<DonationDialog {...props} />);
}
