import { useEffect, useId, useRef, useState } from "react";
import { withErrorBoundary } from "../components/ui/error-boundary";
import { isCurrent } from "../lib/nav";

interface Item {
  title: string;
  path: string;
}

interface Props {
  items: Item[];
  currentPath: string;
}

/** Mobile navigation (D9): hydrated only below 768px; starts closed on every page load. */
function Menu({ items, currentPath }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        data-menu-toggle
        aria-label="Toggle menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="-mr-2 inline-flex size-11 items-center justify-center text-ink md:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M3 6h18M3 12h18M3 18h18" />}
        </svg>
      </button>
      <nav
        ref={panel}
        id={panelId}
        aria-label="Main menu"
        hidden={!open}
        className="absolute inset-x-0 top-full border-y border-ink bg-paper shadow-lg md:hidden"
      >
        <ul className="mx-auto max-w-6xl divide-y divide-rule px-4 font-sans">
          {items.map((item) => (
            <li key={item.path}>
              <a
                href={item.path}
                onClick={() => setOpen(false)}
                aria-current={isCurrent(item.path, currentPath) ? "page" : undefined}
                className="block py-3 font-semibold text-ink no-underline aria-[current=page]:text-accent"
              >
                {item.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

export const MobileMenu = withErrorBoundary(Menu);
