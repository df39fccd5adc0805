// "Mine" with the unassigned work orders of my areas (docs/maintenance.md "Taking a work order"):
// my areas are the areas (a villa's `area`, as the villa's page writes it) of the villas whose work
// orders I have had, in any status; with none yet, every unassigned one is shown. The server works
// them out (my_work_order_areas(), api/get-my-queue.ts); offline, on a device that never read
// them, they come from the work orders it keeps (`myAreas`). The switch is remembered on this
// device.
import { useState } from 'react';
import type { WorkOrder } from '@/domain/work-orders/types';

const STORAGE_KEY = 'arivia-ops:maintenance:mine-unassigned';

function stored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** The switch as this device remembers it (the route's loader reads it before any render). */
export const includeUnassignedStored = stored;

/** Whether "Mine" includes the unassigned work orders of my areas (on unless turned off here). */
export function useIncludeUnassigned(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(stored);
  const set = (next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Storage refused (private mode): the switch holds for this visit.
    }
  };
  return [on, set];
}

/** My areas from these work orders: those of the villas of every one I have had, sorted. */
export function myAreas(all: WorkOrder[], me: string | undefined): string[] {
  const areas = new Set<string>();
  for (const w of all) {
    const area = w.property?.area?.trim();
    if (me && w.assignee_id === me && area) areas.add(area);
  }
  return [...areas].sort((a, b) => a.localeCompare(b));
}

/** An open work order nobody has, in one of `areas` (every one when `areas` is empty). */
export const isUnassignedIn = (w: WorkOrder, areas: string[]) =>
  w.status === 'open' &&
  w.assignee_id === null &&
  (areas.length === 0 || areas.includes(w.property?.area?.trim() ?? ''));
