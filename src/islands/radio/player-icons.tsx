/** The radio player's icons: decorative (aria-hidden); the buttons carry the accessible names. */
const base = { "aria-hidden": true, viewBox: "0 0 24 24", fill: "currentColor" } as const;

/** Play (triangle) or pause (two bars): the action the button offers now. */
export function PlayPauseIcon({ action }: { action: "play" | "pause" }) {
  return (
    <svg {...base} data-icon={action} className="size-7">
      <path
        d={
          action === "play"
            ? "M8 5.14v13.72a1 1 0 0 0 1.52.85l10.6-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z"
            : "M7 5h3.5v14H7zM13.5 5H17v14h-3.5z"
        }
      />
    </svg>
  );
}

/** A speaker with sound waves, or crossed out when muted. */
export function VolumeIcon({ muted }: { muted: boolean }) {
  return (
    <svg {...base} data-icon={muted ? "muted" : "volume"} className="size-6" stroke="currentColor" strokeWidth="2">
      <path d="M4 9v6h4l5 4V5L8 9H4Z" strokeLinejoin="round" />
      <path
        d={muted ? "m16 9 5 6m0-6-5 6" : "M16 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12"}
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
