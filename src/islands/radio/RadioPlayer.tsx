import { useEffect, useId, useRef } from "react";
import { withErrorBoundary } from "../../components/ui/error-boundary";
import { PlayPauseIcon, VolumeIcon } from "../../components/ui/player-icons";
import { Slider } from "../../components/ui/slider";
import { cn } from "../../components/ui/cn";
import { buttonAction, showsMuted, sliderValue, statusParts } from "../../lib/radio-player";
import { useRadioStream } from "./use-radio-stream";

export interface RadioPlayerProps {
  /** The stream URL (default /api/stream?port=8076, proxied by the web server). */
  src: string;
  title?: string;
  subtitle?: string;
  /** Artwork for the system's media controls (Media Session). */
  artwork?: string;
}

/** The live radio player: markup over useRadioStream. */
function Player({ src, title = "Live Radio", subtitle = "Streaming now", artwork }: RadioPlayerProps) {
  const { state, audio, play, pause, toggleMute, setVolume } = useRadioStream({ src, title, subtitle, artwork });
  const headingId = useId();
  const playButton = useRef<HTMLButtonElement>(null);
  const status = statusParts(state);

  const action = buttonAction(state);
  const muted = showsMuted(state);
  const shown = sliderValue(state);
  const busy = ["connecting", "stalled", "reconnecting"].includes(state.phase);

  // Refused for want of a fresh press: the status asks for one, and the button to press is where the keys are.
  useEffect(() => {
    if (state.refused) playButton.current?.focus();
  }, [state.refused]);

  return (
    <section aria-labelledby={headingId} data-slot="radio-player" className="border border-ink bg-paper-2 p-5 md:p-8">
      {/* On a phone the status has a line of its own: beside the title, a longer status would wrap the title and
      move the controls each time it changed. */}
      <div className="sm:flex sm:items-baseline sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h2 id={headingId} className="text-3xl font-black md:text-4xl">
            {title}
          </h2>
          <p className="mt-1 font-sans text-sm text-ink-2">{subtitle}</p>
        </div>
        <p role="status" className="kicker mt-3 flex items-center gap-2 sm:mt-0 sm:shrink-0">
          <span
            aria-hidden="true"
            className={cn("size-2.5 rounded-full", state.phase === "playing" ? "animate-pulse bg-down" : "bg-rule")}
          />
          <span>
            {status.text}
            {status.countdown && <span aria-hidden="true">{status.countdown}</span>}
          </span>
        </p>
      </div>
      <div className="mt-6 flex items-center gap-3 border-t border-rule pt-6 in-[.no-js]:hidden md:gap-5">
        <button
          ref={playButton}
          type="button"
          aria-label={action === "play" ? "Play" : "Pause"}
          onClick={action === "play" ? play : pause}
          className="relative inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-ink text-paper transition-colors hover:bg-accent-2"
        >
          <PlayPauseIcon action={action} />
          {busy && (
            <span className="absolute -inset-1 animate-spin rounded-full border-2 border-transparent border-t-accent" />
          )}
        </button>
        <button
          type="button"
          aria-label="Mute"
          aria-pressed={state.muted}
          onClick={toggleMute}
          className="inline-flex size-11 shrink-0 items-center justify-center text-ink hover:text-accent"
        >
          <VolumeIcon muted={muted} />
        </button>
        <Slider
          label="Volume"
          valueText={`${Math.round(shown * 100)}%`}
          min={0}
          max={1}
          step={0.01}
          value={[shown]}
          onValueChange={([value]) => value !== undefined && setVolume(value)}
          className="max-w-64"
        />
      </div>
      <div className="mt-3 flex min-h-6 flex-wrap items-center gap-x-4 gap-y-2">
        <p role="alert" className="font-sans text-sm font-semibold text-down">
          {state.error}
        </p>
        {state.phase === "failed" && (
          <button
            type="button"
            onClick={() => {
              play();
              // Retry goes as the player connects: focus moves to the button that can stop it again.
              playButton.current?.focus();
            }}
            className="border border-ink px-3 py-1 font-sans text-sm font-semibold hover:bg-ink hover:text-paper"
          >
            Retry
          </button>
        )}
      </div>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live audio stream has no caption track */}
      <audio ref={audio} src={src} preload="none" crossOrigin="anonymous" playsInline />
    </section>
  );
}

export const RadioPlayer = withErrorBoundary(Player);
