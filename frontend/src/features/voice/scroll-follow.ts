/** How close to the end of a scrolling text counts as at its end (a line's rounding, a pinch of zoom). */
export const FOLLOW_SLACK_PX = 24;

/**
 * Whether a scrolling text is at its end, so it keeps following the newest line as the text grows; a traveller who
 * scrolled up to read back is left where they are.
 */
export function isAtEnd(scroll: { scrollTop: number; clientHeight: number; scrollHeight: number }): boolean {
  return scroll.scrollHeight - scroll.clientHeight - scroll.scrollTop <= FOLLOW_SLACK_PX;
}
