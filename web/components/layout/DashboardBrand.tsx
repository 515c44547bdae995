import { useEffect, useRef, useState } from 'react';
import { logoHeight } from '../../../shared/rules/dashboard';
import { useBootstrap } from '../../bootstrap';
import { useUserPage } from '../../hooks/useCatalogue';
import { schoolHomePath } from '../../urls';
import { Brand } from './Brand';

/**
 * The dashboard's top bar mark (spec 2 'Student dashboard': "Top bar with logo and title (from school
 * settings)"): the home setting's userpagelogo and userpagetitle (the school's name when untitled). Spec 9:
 * "Logo height 62 (53 if width more than twice its height)", measured on the image's natural size. Without a
 * logo, or when it fails to load, the site's usual mark.
 */
export function DashboardBrand() {
  const boot = useBootstrap();
  const { data } = useUserPage(boot.hashUID || boot.uid);
  const [failed, setFailed] = useState(false);
  const [height, setHeight] = useState(() => logoHeight(0, 0));
  const image = useRef<HTMLImageElement>(null);
  const logo = data?.userpagelogo ?? '';
  const title = data?.userpagetitle || boot.schoolName;
  const measure = (img: HTMLImageElement) => setHeight(logoHeight(img.naturalWidth, img.naturalHeight));

  useEffect(() => {
    setFailed(false);
    if (!logo) return;
    // A logo already in the cache may have loaded before its handler was attached.
    const img = image.current;
    if (img?.complete && img.naturalWidth > 0) setHeight(logoHeight(img.naturalWidth, img.naturalHeight));
  }, [logo]);

  if (!logo || failed) return <Brand />;
  return (
    <a className="brand" href={schoolHomePath(boot)} data-testid="dashboard-brand">
      <img
        ref={image}
        className="brand-logo"
        src={logo}
        alt=""
        style={{ height }}
        data-testid="dashboard-logo"
        data-height={height}
        onLoad={(event) => measure(event.currentTarget)}
        onError={() => setFailed(true)}
      />
      {title && <span className="brand-name">{title}</span>}
    </a>
  );
}
