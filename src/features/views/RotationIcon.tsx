const SHAPES = {
  start: <path d="M7 4v16l13-8z" />,
  pause: <path d="M7 4h3v16H7zM14 4h3v16h-3z" />,
  rewind: <path d="M5 5h3v14H5zM20 5v14L9 12z" />,
  skip: <path d="M16 5h3v14h-3zM4 5v14l11-7z" />,
};

export type RotationIconName = keyof typeof SHAPES;

/** The transport symbols of the rotation bar (filled, so they read at 16 px); decorative, the buttons carry the names. */
export function RotationIcon({ name }: { name: RotationIconName }) {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false" data-icon={name}>
      {SHAPES[name]}
    </svg>
  );
}
