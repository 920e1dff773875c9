import { useEffect, useId, useRef } from "react";
import { withErrorBoundary } from "../../components/ui/error-boundary";
import { PlayPauseIcon, VolumeIcon } from "./player-icons";
import { Slider } from "./slider";
import { cn } from "../../components/ui/cn";
import {
  PLAY_ERROR,
  STREAM_ERROR,
  buttonAction,
  showsMuted,
  sliderText,
  sliderValue,
  statusParts,
  statusTexts,
} from "../../lib/radio-player";
import { useRadioStream } from "./use-radio-stream";

const STATUS_TEXTS = statusTexts();
const statusLine = "kicker col-start-1 row-start-1 flex items-center gap-2 tabular-nums";
const errorLine = "col-start-1 row-start-1 flex min-h-6 flex-wrap items-center gap-x-4 gap-y-2";
const errorText = "font-sans text-sm font-semibold text-down";
const retryButton = "border border-ink px-3 py-1 font-sans text-sm font-semibold";

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
        {/* As wide as the widest status (the invisible copies under it): beside the title, a narrower one would
        move the dot at each change, each second of a countdown too. Drawn only once whole (the last child, as
        Whole.astro does it): drawn while its copies were still arriving, it widened and moved. */}
        <div className="drawn-whole mt-3 grid in-[.no-js]:hidden sm:mt-0 sm:shrink-0">
          {STATUS_TEXTS.map(({ text, countdown }) => (
            <span
              key={text + countdown}
              aria-hidden="true"
              data-pagefind-ignore="all"
              className={cn(statusLine, "invisible")}
            >
              <span className="size-2.5" />
              {/* Split as the status is: a text cut in two may be a fraction of a pixel wider than whole. */}
              <span>
                {text}
                <span>{countdown}</span>
              </span>
            </span>
          ))}
          <p role="status" className={statusLine}>
            <span
              aria-hidden="true"
              className={cn("size-2.5 rounded-full", state.phase === "playing" ? "animate-pulse bg-down" : "bg-rule")}
            />
            <span>
              {status.text}
              {status.countdown && <span aria-hidden="true">{status.countdown}</span>}
            </span>
          </p>
          <template data-end />
        </div>
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
          aria-pressed={muted}
          onClick={toggleMute}
          className="inline-flex size-11 shrink-0 items-center justify-center text-ink hover:text-accent"
        >
          <VolumeIcon muted={muted} />
        </button>
        <Slider
          label="Volume"
          valueText={sliderText(state)}
          min={0}
          max={1}
          step={0.01}
          value={[shown]}
          onValueChange={([value]) => setVolume(value)}
          className="max-w-64"
        />
      </div>
      {/* As tall as the tallest error with its Retry (the invisible copies under it): a failure comes while the
      listener waits, and must not push what follows the card down the page. */}
      <div className="mt-3 grid in-[.no-js]:hidden">
        {[STREAM_ERROR, PLAY_ERROR].map((message) => (
          <div key={message} aria-hidden="true" data-pagefind-ignore="all" className={cn(errorLine, "invisible")}>
            <p className={errorText}>{message}</p>
            <span className={retryButton}>Retry</span>
          </div>
        ))}
        <div className={errorLine}>
          <p role="alert" className={errorText}>
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
              className={cn(retryButton, "hover:bg-ink hover:text-paper")}
            >
              Retry
            </button>
          )}
        </div>
      </div>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a live audio stream has no caption track */}
      <audio ref={audio} src={src} preload="none" crossOrigin="anonymous" playsInline />
    </section>
  );
}

export const RadioPlayer = withErrorBoundary(Player);
