import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Location } from '@wayfarer/shared/api/analysis';
import { copyText } from '../../../lib/copy-text';
import { coordinatesOf, formatCoordinates, linksFor, platformOf, type LocationLink } from '../location-links';

const LINK_LABEL_KEYS = {
  maps: 'location_link_maps',
  navigation: 'location_link_navigation',
  travel: 'location_link_travel',
  encyclopedia: 'location_link_encyclopedia',
  weather: 'location_link_weather',
  booking: 'location_link_booking',
} as const satisfies Record<LocationLink['kind'], string>;

const TYPE_LABEL_KEYS = {
  restaurant: 'location_type_restaurant',
  hotel: 'location_type_hotel',
  landmark: 'location_type_landmark',
  attraction: 'location_type_attraction',
  museum: 'location_type_museum',
  airport: 'location_type_airport',
  station: 'location_type_station',
  city: 'location_type_city',
  country: 'location_type_country',
  region: 'location_type_region',
  park: 'location_type_park',
  building: 'location_type_building',
  address: 'location_type_address',
  other: 'location_type_other',
} as const satisfies Record<Location['type'], string>;

// Links leave the app: a new tab keeps the analysis, and the opened page gets no handle back to it.
const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function LocationItem({ location }: { location: Location }) {
  const { t } = useTranslation();
  const at = coordinatesOf(location);
  const { links, rides } = linksFor(location, platformOf(navigator.userAgent));
  const gps = at ? formatCoordinates(at) : undefined;
  const ridesMenu = useRef<HTMLDetailsElement>(null);

  // A dropdown closes when the visitor clicks elsewhere or presses Escape, as menus do.
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ridesMenu.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.contains(event.target as Node)) {
        menu.open = false;
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  const copyCoordinates = async () => {
    if (gps && (await copyText(gps))) toast.success(t('coordinates_copied'));
  };

  return (
    <li
      className="analysis-item location-item"
      data-testid="location-item"
      data-name={location.name}
      data-type={location.type}
      data-lat={location.latitude}
      data-lng={location.longitude}
    >
      <div className="location-heading">
        <strong dir="auto">{location.name}</strong>
        <span className="analysis-badge">{t(TYPE_LABEL_KEYS[location.type])}</span>
      </div>
      {location.address.trim() !== '' && (
        <p className="analysis-detail" dir="auto">
          {location.address}
        </p>
      )}
      {gps && (
        <p className="location-gps">
          <span>
            {t('location_gps')} <span data-testid="location-gps">{gps}</span>
          </span>
          <button
            type="button"
            className="analysis-link-button"
            data-testid="location-copy"
            onClick={() => void copyCoordinates()}
          >
            {t('location_copy_coordinates')}
          </button>
        </p>
      )}
      <div className="location-links">
        {links.map((link) => (
          <a
            key={link.kind}
            className="analysis-link-button"
            href={link.href}
            data-testid="location-link"
            data-kind={link.kind}
            {...external}
          >
            {t(LINK_LABEL_KEYS[link.kind])}
          </a>
        ))}
        {rides.length > 0 && (
          <details ref={ridesMenu} className="location-rides" data-testid="location-rides">
            <summary className="analysis-link-button">{t('location_link_rides')}</summary>
            <ul className="location-rides-menu">
              {rides.map((ride) => (
                <li key={ride.app}>
                  <a href={ride.href} data-testid="location-ride" data-app={ride.app} {...external}>
                    {ride.app}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </li>
  );
}
