/** The ATK Player word mark (inline SVG, no request). */
export function Logo({ height = 40, inverted = false }: { height?: number; inverted?: boolean }) {
  const ink = inverted ? '#ffffff' : '#141c2b';
  return (
    <svg
      role="img"
      aria-label="ATK Player"
      height={height}
      viewBox="0 0 224 48"
      xmlns="http://www.w3.org/2000/svg"
      style={{ display: 'block' }}
    >
      <rect x="0" y="4" width="40" height="40" rx="10" fill={inverted ? '#ffffff' : '#141c2b'} />
      <g fill="#ff6a3d">
        <rect x="7" y="20" width="4" height="8" rx="2" />
        <rect x="14" y="14" width="4" height="20" rx="2" />
        <rect x="21" y="10" width="4" height="28" rx="2" />
        <rect x="28" y="17" width="4" height="14" rx="2" />
      </g>
      <text
        x="52"
        y="33"
        fontFamily="'Helvetica Neue', Arial, sans-serif"
        fontSize="24"
        fontWeight="800"
        letterSpacing="1"
        fill={ink}
      >
        {/* the space makes the link's visible text "ATK PLAYER", which its name "ATK Player home" contains */}
        {'ATK '}
        <tspan fontWeight="300">PLAYER</tspan>
      </text>
    </svg>
  );
}
