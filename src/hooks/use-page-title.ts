import { useEffect } from 'react';

export const PRODUCT_NAME = 'Arivia Ops';

/** Names the browser tab after the screen: 'Profile · Arivia Ops'. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title === PRODUCT_NAME ? title : `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
