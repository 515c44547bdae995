/** A round avatar: the user's picture, else the first character of their name. */
export function Avatar({ name, image, size = 32 }: { name: string; image?: string; size?: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (image) return <img className="avatar" src={image} alt="" style={style} />;
  return (
    <span className="avatar" style={style} aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
