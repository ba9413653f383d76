/**
 * How long a screen shows each code of an animated sequence, in ms. The scanner (ZXing, 20–60 ms a frame
 * on a tablet-class CPU) reads several camera frames of each code in that time, and a sequence of three
 * codes goes round in 1.2 s (900 ms, what jsQR needed, took 2.7 s: `npm run bench -- camera`, case e).
 */
export const SEQUENCE_FRAME_MS = 400;
