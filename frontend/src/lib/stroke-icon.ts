/**
 * Props for the app's inline line icons (24-unit grid, drawn in the current text colour). Inline SVG keeps
 * the first screen free of an icon library; the icons are decorative, so screen readers skip them.
 */
export function strokeIconProps(size: number) {
  return {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    'aria-hidden': true,
    focusable: false,
  } as const;
}
