/**
 * Video block: a video from the asset store with its poster. It never plays with sound on
 * its own: "autoplay" plays it muted and looped, and only when the visitor allows motion
 * (prefers-reduced-motion), and only once it nears the viewport. When the video fails to load, the failure is logged
 * (teaser-hero-video-failed-to-load) and the poster is shown instead.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useT } from "../../i18n/i18n";
import { logError } from "../../lib/log";
import { Image } from "../../ui/Image";
import type { BlockProps, VideoBlock as VideoBlockData } from "../types";
import { BlockHeading } from "../parts/BlockHeading";

const WIDTH = 960;
const RATIO = 16 / 9;
/** How close to the viewport an autoplay video starts loading and playing. */
const VIDEO_START_MARGIN = "200px";

export function VideoBlock({ block, index }: BlockProps<VideoBlockData>) {
  const t = useT();
  const ref = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const height = Math.round(WIDTH / RATIO);

  useEffect(() => {
    const video = ref.current;
    if (!video || !block.autoplay) return;
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    let near = false;
    const apply = () => {
      if (motion.matches || !near) video.pause();
      else {
        video.muted = true;
        void video.play().catch(() => undefined);
      }
    };
    // Nothing is downloaded until the video nears the viewport, so it never competes with
    // the page's first images; out of view it pauses.
    const observer = new IntersectionObserver(
      ([entry]) => {
        near = entry?.isIntersecting ?? false;
        apply();
      },
      { rootMargin: VIDEO_START_MARGIN },
    );
    observer.observe(video);
    motion.addEventListener("change", apply);
    return () => {
      observer.disconnect();
      motion.removeEventListener("change", apply);
    };
  }, [block.autoplay]);

  const reported = useRef(false);
  const onError = () => {
    // A failure is logged once: the video's own event and the check after hydration below
    // can both report it, and so can a second load attempt before the poster replaces it.
    if (reported.current) return;
    reported.current = true;
    logError("teaser-hero-video-failed-to-load", undefined, { src: block.video });
    setFailed(true);
  };
  const failedBeforeHydration = useEffectEvent(onError);

  useEffect(() => {
    // The video may have failed before its code was here to hear it (it loads late).
    if (ref.current?.error) failedBeforeHydration();
  }, []);

  const titleId = block.headline ? `video-${block._uid}` : undefined;
  return (
    <figure className="block-video" aria-labelledby={titleId}>
      <BlockHeading id={titleId} headline={block.headline} />
      {/* The frame's shape is the video's, so it keeps its place before it is drawn. */}
      <div className="block-video__frame" style={{ aspectRatio: `${WIDTH} / ${height}` }}>
        {/* The poster is an image of its own under the video, not the video's poster
            attribute: a browser fetches that at once wherever the video sits on the page,
            competing with the first images; this one loads lazily, at the screen's size. */}
        <Image
          src={block.poster.src}
          alt={failed ? block.poster.alt : ""}
          meta={block.poster.meta}
          width={WIDTH}
          ratio={RATIO}
          priority={index === 0}
        />
        {failed ? (
          <p className="block-video__fallback">{t("blocks.videoFallback")}</p>
        ) : (
          <video
            ref={ref}
            src={block.video}
            width={WIDTH}
            height={height}
            controls
            playsInline
            muted={block.autoplay}
            loop={block.autoplay}
            preload="none"
            aria-label={block.poster.alt || block.headline || undefined}
            onError={onError}
          />
        )}
      </div>
      {block.caption ? (
        <figcaption className="block-video__caption">{block.caption}</figcaption>
      ) : null}
    </figure>
  );
}
