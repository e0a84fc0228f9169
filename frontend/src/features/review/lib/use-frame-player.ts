import type { FrameRate } from '@domain/review';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { frameToSeconds, secondsToFrame } from '@domain/timecode';

/** J and L double the speed at each press, up to this. */
const MAX_SHUTTLE_SPEED = 8;

export interface FramePlayer {
  /** Ref callback of the `<video>` the player drives. */
  attach: (video: HTMLVideoElement | null) => void;
  /** Ref callback of a second `<video>` kept on the same time (version compare). */
  attachFollower: (video: HTMLVideoElement | null) => void;
  rate: FrameRate;
  /** The frame on screen. */
  frame: number;
  /** Frames in the version (0 until known). */
  frameCount: number;
  /** Signed speed: 0 paused, 1 playing, 2/4/8 faster, negative in reverse. */
  speed: number;
  /** The media is loaded: seeks and steps work. */
  ready: boolean;
  seek: (frame: number) => void;
  step: (delta: number) => void;
  togglePlay: () => void;
  pause: () => void;
  /** L (+1) and J (−1): start that way, or go faster that way. */
  shuttle: (direction: 1 | -1) => void;
}

/**
 * Frame-accurate control of a native `<video>`: the current frame is read from the frame actually
 * presented (`requestVideoFrameCallback`'s `mediaTime`, or `currentTime` where it does not exist),
 * and every seek goes to the middle of a frame, `(frame + 0.5) / fps`. A pause snaps to the middle
 * of the frame on screen, so what is commented is what is seen. Reverse play (J) steps back frame
 * by frame, since browsers do not play backwards.
 */
export function useFramePlayer(frameRate: FrameRate, knownFrameCount: number | null, initialFrame = 0): FramePlayer {
  // A refetched version brings a new object for the same rate: the player must not start over.
  const { num, den } = frameRate;
  const rate = useMemo(() => ({ num, den }), [num, den]);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const followerRef = useRef<HTMLVideoElement | null>(null);
  const [frame, setFrame] = useState(initialFrame);
  const [speed, setSpeed] = useState(0);
  const [ready, setReady] = useState(false);
  const [measuredCount, setMeasuredCount] = useState(0);
  const frameCount = knownFrameCount ?? measuredCount;
  const fps = rate.num / rate.den;

  const frameRef = useRef(initialFrame);
  /** The frame a seek is on its way to: presented frames are ignored until it lands. */
  const pendingRef = useRef<number | null>(null);
  const reverseRef = useRef<number | null>(null);
  const countRef = useRef(frameCount);
  countRef.current = frameCount;
  const speedRef = useRef(0);

  const show = useCallback((next: number) => {
    frameRef.current = next;
    setFrame(next);
  }, []);

  const changeSpeed = useCallback((next: number) => {
    speedRef.current = next;
    setSpeed(next);
  }, []);

  const clamp = useCallback(
    (value: number) => Math.max(0, Math.min(Math.round(value), Math.max(0, countRef.current - 1))),
    [],
  );

  const seekTo = useCallback(
    (target: number) => {
      if (!video) return;
      const next = clamp(target);
      pendingRef.current = next;
      show(next);
      const time = frameToSeconds(next, rate);
      video.currentTime = time;
      if (followerRef.current) followerRef.current.currentTime = time;
    },
    [video, rate, clamp, show],
  );

  const stopReverse = useCallback(() => {
    if (reverseRef.current !== null) cancelAnimationFrame(reverseRef.current);
    reverseRef.current = null;
  }, []);

  const pause = useCallback(() => {
    stopReverse();
    changeSpeed(0);
    if (!video) return;
    video.pause();
    followerRef.current?.pause();
    // The frame on screen, at its middle: the paused position is always a whole frame.
    seekTo(frameRef.current);
  }, [video, stopReverse, changeSpeed, seekTo]);

  const playForward = useCallback(
    (nextSpeed: number) => {
      if (!video) return;
      stopReverse();
      if (frameRef.current >= countRef.current - 1) seekTo(0);
      video.playbackRate = nextSpeed;
      changeSpeed(nextSpeed);
      const follower = followerRef.current;
      if (follower) {
        follower.playbackRate = nextSpeed;
        follower.currentTime = video.currentTime;
        void follower.play().catch(() => undefined);
      }
      void video.play().catch(() => changeSpeed(0));
    },
    [video, stopReverse, changeSpeed, seekTo],
  );

  const playReverse = useCallback(
    (nextSpeed: number) => {
      if (!video) return;
      video.pause();
      followerRef.current?.pause();
      stopReverse();
      changeSpeed(-nextSpeed);
      let last = performance.now();
      let owed = 0;
      const tick = (now: number) => {
        owed += ((now - last) / 1000) * fps * nextSpeed;
        last = now;
        const frames = Math.floor(owed);
        // One seek at a time: the next step waits for the previous frame to be presented.
        if (frames >= 1 && pendingRef.current === null) {
          owed -= frames;
          const target = frameRef.current - frames;
          if (target <= 0) {
            seekTo(0);
            reverseRef.current = null;
            changeSpeed(0);
            return;
          }
          seekTo(target);
        }
        reverseRef.current = requestAnimationFrame(tick);
      };
      reverseRef.current = requestAnimationFrame(tick);
    },
    [video, fps, stopReverse, changeSpeed, seekTo],
  );

  const step = useCallback(
    (delta: number) => {
      if (speedRef.current !== 0) pause();
      seekTo((pendingRef.current ?? frameRef.current) + delta);
    },
    [pause, seekTo],
  );

  const togglePlay = useCallback(() => {
    if (speedRef.current !== 0) pause();
    else playForward(1);
  }, [pause, playForward]);

  const shuttle = useCallback(
    (direction: 1 | -1) => {
      const current = speedRef.current;
      const same = Math.sign(current) === direction;
      const next = same ? Math.min(Math.abs(current) * 2, MAX_SHUTTLE_SPEED) : 1;
      if (direction === 1) playForward(next);
      else playReverse(next);
    },
    [playForward, playReverse],
  );

  const seek = useCallback(
    (target: number) => {
      if (speedRef.current < 0) {
        stopReverse();
        changeSpeed(0);
      }
      seekTo(target);
    },
    [seekTo, stopReverse, changeSpeed],
  );

  // Follows the frames the element presents, and its own state changes.
  useEffect(() => {
    if (!video) return;
    let callback: number | null = null;
    let raf: number | null = null;
    const track = (mediaTime: number) => {
      if (pendingRef.current !== null) return;
      const presented = Math.min(secondsToFrame(mediaTime, rate), Math.max(0, countRef.current - 1));
      if (presented !== frameRef.current) show(presented);
      const follower = followerRef.current;
      // The follower drifts while both play: put it back when it is more than a frame and a half away.
      if (follower && speedRef.current > 0 && Math.abs(follower.currentTime - video.currentTime) > 1.5 / fps)
        follower.currentTime = video.currentTime;
    };
    const hasFrameCallback = typeof video.requestVideoFrameCallback === 'function';
    const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
      track(metadata.mediaTime);
      callback = video.requestVideoFrameCallback(onFrame);
    };
    const onAnimationFrame = () => {
      track(video.currentTime);
      raf = requestAnimationFrame(onAnimationFrame);
    };
    if (hasFrameCallback) callback = video.requestVideoFrameCallback(onFrame);
    else raf = requestAnimationFrame(onAnimationFrame);

    const onSeeked = () => {
      if (pendingRef.current === null) return;
      const landed = clamp(secondsToFrame(video.currentTime, rate));
      pendingRef.current = null;
      show(landed);
    };
    const onLoaded = () => {
      if (Number.isFinite(video.duration)) setMeasuredCount(Math.max(1, Math.floor(video.duration * fps)));
      setReady(true);
      // Back to the frame shown before (a refreshed link) or the first one, at its middle.
      queueMicrotask(() => {
        const target = Math.max(0, frameRef.current);
        pendingRef.current = target;
        video.currentTime = frameToSeconds(target, rate);
      });
    };
    const onEnded = () => {
      changeSpeed(0);
      show(Math.max(0, countRef.current - 1));
    };
    const onPause = () => {
      // Paused by the browser itself (picture-in-picture, media keys): the state follows.
      if (speedRef.current > 0) {
        changeSpeed(0);
        seekTo(frameRef.current);
      }
    };
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) onLoaded();
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('loadedmetadata', onLoaded);
    video.addEventListener('ended', onEnded);
    video.addEventListener('pause', onPause);
    return () => {
      if (callback !== null && hasFrameCallback) video.cancelVideoFrameCallback(callback);
      if (raf !== null) cancelAnimationFrame(raf);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('loadedmetadata', onLoaded);
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('pause', onPause);
    };
  }, [video, rate, fps, clamp, show, changeSpeed, seekTo]);

  useEffect(() => stopReverse, [stopReverse]);

  const attachFollower = useCallback(
    (element: HTMLVideoElement | null) => {
      followerRef.current = element;
      if (element && video) element.currentTime = frameToSeconds(frameRef.current, rate);
    },
    [video, rate],
  );

  return useMemo(
    () => ({
      attach: setVideo,
      attachFollower,
      rate,
      frame,
      frameCount,
      speed,
      ready,
      seek,
      step,
      togglePlay,
      pause,
      shuttle,
    }),
    [attachFollower, rate, frame, frameCount, speed, ready, seek, step, togglePlay, pause, shuttle],
  );
}
