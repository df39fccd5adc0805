// The words of the first paint kept for the signed-in user (first-paint-texts.ts): each page as
// the user's access shows it, and only pages the user may open.
import { describe, expect, it } from 'vitest';
import { firstPaintTextsFor } from './first-paint-texts';
import { paths } from './routes';

const HOUSEKEEPER = ['housekeeping.view', 'housekeeping.complete', 'maintenance.report'];
const MANAGER = ['housekeeping.view', 'housekeeping.manage', 'maintenance.manage'];

describe('firstPaintTextsFor', () => {
  it('gives a housekeeper "My route" and a manager the board at /housekeeping', () => {
    const housekeeper = firstPaintTextsFor({ roles: ['housekeeper'], permissions: HOUSEKEEPER });
    expect(housekeeper['/housekeeping']).toEqual([
      paths.housekeeping.titleWithout.title,
      paths.housekeeping.titleWithout.description,
    ]);
    const manager = firstPaintTextsFor({ roles: ['manager'], permissions: MANAGER });
    expect(manager['/housekeeping']).toEqual([
      paths.housekeeping.title,
      paths.housekeeping.description,
    ]);
    expect(manager['/']).toEqual([paths.home.title, paths.home.description]);
  });

  it('leaves out what the user is sent away from or may not open', () => {
    // A technician's /housekeeping goes to Maintenance: no heading of its own.
    const technician = firstPaintTextsFor({
      roles: ['technician'],
      permissions: ['housekeeping.view', 'maintenance.work'],
    });
    expect(technician['/housekeeping']).toBeUndefined();
    expect(technician['/maintenance']).toEqual([
      paths.maintenance.title,
      paths.maintenance.description,
    ]);
    // No role yet: only the pages every signed-in user opens.
    const waiting = firstPaintTextsFor({ roles: [], permissions: [] });
    expect(Object.keys(waiting).sort()).toEqual(['/', '/profile', '/settings']);
  });
});
