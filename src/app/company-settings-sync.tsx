// Runs inside the signed-in frame (docs/admin.md): reads the company's system settings (time
// zone, support e-mail, currency, week start), applies the zone and keeps them all on the device;
// joins the `online` presence channel that the admin's health page counts realtime connections
// with; uploads this browser's new web vitals to the web_vitals table the health page reads;
// keeps the format kit of the zone and the language for the next start (lib/format-kit.ts).
// Renders nothing.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { COMPANY_SETTINGS_KEY, type CompanySettings } from '@/lib/company-settings';
import { keepFormatKit, setCompanyTimeZone } from '@/lib/company-time';
import { onFormatLocaleChange } from '@/lib/i18n/format-locale';
import { publishOnlinePresence } from '@/lib/online-presence';
import { afterFirstScreenDrawn } from '@/lib/idle';
import { getSupabase } from '@/lib/supabase-client';
import { readVitals } from '@/lib/telemetry/web-vitals';
import { companySettingsQueryOptions } from '@/lib/use-company-settings';

const UPLOADED_KEY = 'web-vitals-uploaded-at';
const REPORTED = new Set(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']);

async function uploadVitals() {
  const since = window.localStorage.getItem(UPLOADED_KEY) ?? '';
  const fresh = readVitals(window.localStorage).filter(
    (v) => v.timestamp > since && REPORTED.has(v.name) && v.value >= 0,
  );
  if (fresh.length === 0) return;
  const sb = await getSupabase();
  const { error } = await sb.from('web_vitals').insert(
    fresh.slice(-20).map((v) => ({
      page: (v.path || '/').slice(0, 200),
      name: v.name,
      value: v.value,
    })),
  );
  if (!error) window.localStorage.setItem(UPLOADED_KEY, fresh[fresh.length - 1]!.timestamp);
}

export function CompanySettingsSync() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  // Same key as the admin settings page: a save there applies here at once.
  const settings = useQuery({ ...companySettingsQueryOptions(), enabled: userId !== '' });

  useEffect(() => {
    if (!settings.data) return;
    storeCompanySettings(settings.data);
    // Not in company-settings.ts: that module is on the sign-in screen's path (the error screen
    // reads the support address), the time-zone code is not.
    setCompanyTimeZone(settings.data.time_zone);
  }, [settings.data]);

  // Once the first screen is drawn, and again when the zone or the language changes: the kit is
  // made with Intl, whose first format is the long task the next start is spared.
  const zone = settings.data?.time_zone;
  useEffect(() => {
    let live = true;
    const keep = () =>
      void afterFirstScreenDrawn().then(() => {
        if (live) keepFormatKit();
      });
    keep();
    const stop = onFormatLocaleChange(keep);
    return () => {
      live = false;
      stop();
    };
  }, [zone]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let remove: (() => void) | undefined;
    // Once the first screen is drawn: joining was ~10 ms of the frame's first commit (the
    // channel and its socket), which a phone 4x slower feels (bench/README.md, issue 17).
    void Promise.all([getSupabase(), afterFirstScreenDrawn()]).then(([sb]) => {
      if (cancelled) return;
      const channel = sb.channel('online', { config: { presence: { key: userId } } });
      channel.on('presence', { event: 'sync' }, () =>
        publishOnlinePresence(channel.presenceState()),
      );
      channel.subscribe((status) => {
        if (status === 'SUBSCRIBED') void channel.track({ at: new Date().toISOString() });
      });
      remove = () => void sb.removeChannel(channel);
    });
    const t = window.setTimeout(() => void uploadVitals().catch(() => undefined), 10_000);
    return () => {
      cancelled = true;
      window.clearTimeout(t);
      remove?.();
    };
  }, [userId]);

  return null;
}

/**
 * Keeps the settings on the device for the next start (company-settings.ts reads them; company-time
 * takes the zone from there at load). Here, in the signed-in frame's chunk: the first screen's
 * bundle only reads them.
 */
function storeCompanySettings(s: CompanySettings) {
  try {
    window.localStorage.setItem(
      COMPANY_SETTINGS_KEY,
      JSON.stringify({
        time_zone: s.time_zone,
        support_email: s.support_email,
        company_name: s.company_name,
        currency: s.currency,
        week_start: s.week_start,
      }),
    );
  } catch {
    // Storage unavailable: the values still apply to this page.
  }
}
