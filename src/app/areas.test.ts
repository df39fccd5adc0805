// Every guest-ready reason code the database registers (the generated readiness-codes.ts) has its
// words in exactly one area's registration, so no screen shows a bare code.
import { describe, expect, it } from 'vitest';
import { READINESS_REASON_CODES } from '@/lib/readiness-codes';
import { housekeepingArea } from '@/features/housekeeping/area';
import { inventoryArea } from '@/features/inventory/area';
import { maintenanceArea } from '@/features/maintenance/area';
import { propertiesArea } from '@/features/properties/area';
import { areas } from './areas';

describe('the area registry', () => {
  it('has words for every reason code, from exactly one area', () => {
    const all = [propertiesArea, housekeepingArea, maintenanceArea, inventoryArea];
    for (const code of READINESS_REASON_CODES) {
      const givers = all.filter((a) => a.readinessReasons?.[code] !== undefined).map((a) => a.area);
      expect({ code, givers: givers.length }).toEqual({ code, givers: 1 });
      expect(areas.readinessReasons[code]).toMatch(/\S/);
    }
  });
});
