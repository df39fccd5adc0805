// Assigning several work orders at once from the manager's list (docs/maintenance.md "Bulk
// assign"): tick cards (or "Select all on this page"), choose who, Assign. Each work order goes
// through transition_work_order on its own (useAssignWorkOrders), and one toast says how many were
// assigned and which were refused, and why (the bar keeps that line). Plain checkboxes, a native select and a button: the
// keyboard way is the only way.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useT } from '@/lib/i18n/catalog';
import type { StaffMember } from '../api/get-work-orders';
import type { WorkOrder } from '@/domain/work-orders/types';
import { bulkAssignMessage, useAssignWorkOrders } from '../api/assign-work-orders';
import { messages } from '../messages';

export function BulkAssignBar({
  page,
  selected,
  onSelectedChange,
  assignable,
}: {
  /** The work orders selected, across the list's pages (filters applied). */
  selected: WorkOrder[];
  /** The work orders on the page shown: what "Select all on this page" ticks. */
  page: WorkOrder[];
  onSelectedChange: (ids: Set<string>) => void;
  assignable: StaffMember[];
}) {
  const t = useT(messages);
  const [assigneeId, setAssigneeId] = useState('');
  const assign = useAssignWorkOrders({ onSuccess: () => onSelectedChange(new Set()) });
  const ids = new Set(selected.map((w) => w.id));
  const onPage = page.filter((w) => ids.has(w.id)).length;
  const allOnPage = page.length > 0 && onPage === page.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = onPage > 0 && !allOnPage;
  }, [onPage, allOnPage]);

  const togglePage = (checked: boolean) => {
    const next = new Set(ids);
    for (const w of page) {
      if (checked) next.add(w.id);
      else next.delete(w.id);
    }
    onSelectedChange(next);
  };
  const assignee = assignable.find((s) => s.id === assigneeId);

  return (
    <div
      role="group"
      aria-label={t('bulk.group')}
      className="flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm"
    >
      <label className="flex items-center gap-2">
        <input
          ref={selectAll}
          type="checkbox"
          checked={allOnPage}
          disabled={page.length === 0}
          onChange={(e) => togglePage(e.target.checked)}
        />
        {t('bulk.selectPage')}
      </label>
      <span aria-live="polite" className="text-muted-foreground">
        {t('bulk.selected', { count: selected.length })}
      </span>
      <NativeSelect
        size="sm"
        aria-label={t('bulk.assignTo')}
        value={assigneeId}
        onChange={(e) => setAssigneeId(e.target.value)}
      >
        <NativeSelectOption value="">{t('bulk.chooseWho')}</NativeSelectOption>
        {assignable.map((s) => (
          <NativeSelectOption key={s.id} value={s.id}>
            {s.full_name}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <Button
        size="sm"
        disabled={selected.length === 0 || !assignee}
        aria-busy={assign.isPending || undefined}
        onClick={() => {
          if (!assignee || assign.isPending) return;
          assign.mutate({
            workOrders: selected,
            assigneeId: assignee.id,
            assigneeName: assignee.full_name,
          });
        }}
      >
        {t('bulk.assign', { count: selected.length })}
      </Button>
      {selected.length > 0 ? (
        <Button size="sm" variant="ghost" onClick={() => onSelectedChange(new Set())}>
          {t('bulk.clear')}
        </Button>
      ) : null}
      {/* The last result stays here after its toast has gone (the refusals' reasons with it). */}
      <p role="status" aria-label={t('bulk.last')} className="basis-full">
        {assign.data && assign.variables
          ? bulkAssignMessage(assign.data, assign.variables.assigneeName)
          : null}
      </p>
    </div>
  );
}
