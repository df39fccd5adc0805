// Fixtures of the housekeeping suites: villas and stays through the properties fixtures, plus the
// cleans the stays made, removed before the villas go (a villa with cleans that happened is history).
import { expect } from 'vitest';
import type { Database } from '../../src/lib/database.types.ts';
import { Fixtures } from './properties-fixtures.ts';
import { serviceClient } from './support.ts';

export type CleaningTask = Database['public']['Tables']['cleaning_tasks']['Row'];
export type TaskStatus = Database['public']['Enums']['cleaning_task_status'];

export class HousekeepingFixtures extends Fixtures {
  private villaIds: string[] = [];
  private templateIds: string[] = [];
  private typeIds: string[] = [];

  override async property(...args: Parameters<Fixtures['property']>) {
    const villa = await super.property(...args);
    this.villaIds.push(villa.id);
    return villa;
  }

  trackTemplate(id: string) {
    this.templateIds.push(id);
  }

  trackType(id: string) {
    this.typeIds.push(id);
  }

  override async cleanup() {
    const service = serviceClient();
    if (this.villaIds.length > 0) {
      const { error } = await service
        .from('cleaning_tasks')
        .delete()
        .in('property_id', this.villaIds);
      expect(error).toBeNull();
    }
    if (this.typeIds.length > 0) {
      await service.from('cleaning_types').delete().in('id', this.typeIds);
    }
    if (this.templateIds.length > 0) {
      await service
        .from('cleaning_types')
        .update({ default_template_id: null })
        .in('default_template_id', this.templateIds);
      const { error } = await service
        .from('checklist_templates')
        .delete()
        .in('id', this.templateIds);
      expect(error).toBeNull();
    }
    await super.cleanup();
  }
}

/** The turnover a stay made (the service client sees every clean). */
export async function turnoverOf(reservationId: string): Promise<CleaningTask | null> {
  const { data, error } = await serviceClient()
    .from('cleaning_tasks')
    .select('*')
    .eq('turnover_for', reservationId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data;
}

export async function taskRow(id: string): Promise<CleaningTask> {
  const { data, error } = await serviceClient()
    .from('cleaning_tasks')
    .select('*')
    .eq('id', id)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

/** Put a clean in a status without the transition rules (fixtures only). */
export async function forceStatus(id: string, status: TaskStatus) {
  const { error } = await serviceClient().from('cleaning_tasks').update({ status }).eq('id', id);
  if (error) throw new Error(error.message);
  return taskRow(id);
}

export async function typeId(code: string): Promise<string> {
  const { data, error } = await serviceClient()
    .from('cleaning_types')
    .select('id')
    .eq('code', code)
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

export function checklistContent(label = 'Kitchen') {
  return {
    sections: [
      {
        id: 's-kitchen',
        title: label,
        items: [
          {
            id: 'i-tick',
            label: 'Wipe the counters',
            kind: 'tick',
            required: true,
            critical: false,
          },
          { id: 'i-yes', label: 'Fridge empty?', kind: 'yes_no', required: true, critical: true },
          {
            id: 'i-num',
            label: 'Pool pH',
            kind: 'number',
            required: false,
            critical: false,
            min: 7.2,
            max: 7.6,
          },
          {
            id: 'i-text',
            label: 'Anything missing',
            kind: 'text',
            required: false,
            critical: false,
          },
          {
            id: 'i-photo',
            label: 'Photo of the living room',
            kind: 'photo',
            required: true,
            critical: false,
          },
        ],
      },
    ],
  };
}
