import { useEffect, useState } from 'react';

/** True once the page is scrolled further down than the given number of pixels. */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const handleScroll = () => setPast(window.scrollY > px);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [px]);
  return past;
}
