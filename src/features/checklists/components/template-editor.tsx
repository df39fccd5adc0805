// The template editor: sections (rooms) with ordered items of every kind. Reorder by dragging an
// item (or a section) onto another, or with the Move up / Move down buttons from the keyboard.
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { TextField } from '@/components/form/text-field';
import { TranslationInputs } from '@/components/translations/translation-inputs';
import { cleanTranslations, type Translations } from '@/components/translations/translations';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { useT } from '@/lib/i18n/catalog';
import {
  contentProblem,
  ITEM_KINDS,
  kindLabel,
  move,
  newItem,
  newSection,
  type ChecklistContent,
  type ChecklistItem,
  type ChecklistSection,
  type ItemKind,
} from '../content';
import { messages } from '../messages';

type Drag = { section: number; item: number | null } | null;

const editorSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, messages.ref('editor.nameRequired'))),
  name_i18n: z.custom<Translations>(),
  description: z.string(),
  sections: z.array(z.custom<ChecklistSection>()).check((ctx) => {
    const problem = contentProblem({ sections: ctx.value });
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  }),
});
type EditorInput = z.output<typeof editorSchema>;

export interface EditorValue {
  name: string;
  name_i18n: Translations;
  description: string;
  content: ChecklistContent;
}

export function TemplateEditor({
  initial,
  isNew,
  saving,
  onSave,
  onCancel,
}: {
  initial: EditorValue;
  isNew: boolean;
  saving: boolean;
  onSave: (v: EditorValue, contentChanged: boolean) => void;
  onCancel: () => void;
}) {
  const form = useForm<EditorInput>({
    resolver: zodResolver(editorSchema),
    defaultValues: {
      name: initial.name,
      name_i18n: initial.name_i18n,
      description: initial.description,
      sections: initial.content.sections,
    },
  });
  // The sections and items are one value of the form, changed through these helpers (the
  // editor's own inputs); checked as a whole on submit (contentProblem, content.ts).
  const sections = useWatch({ control: form.control, name: 'sections' });
  const setSections = (change: (all: ChecklistSection[]) => ChecklistSection[]) =>
    form.setValue('sections', change(form.getValues('sections')), { shouldDirty: true });
  const [drag, setDrag] = useState<Drag>(null);
  const problem = form.formState.errors.sections?.message;
  const t = useT(messages);

  const setSection = (si: number, patch: Partial<(typeof sections)[number]>) =>
    setSections((all) => all.map((s, i) => (i === si ? { ...s, ...patch } : s)));
  const setItem = (si: number, ii: number, patch: Partial<ChecklistItem>) =>
    setSections((all) =>
      all.map((s, i) =>
        i === si
          ? { ...s, items: s.items.map((it, j) => (j === ii ? { ...it, ...patch } : it)) }
          : s,
      ),
    );
  const moveItem = (si: number, from: number, to: number) =>
    setSections((all) =>
      all.map((s, i) => (i === si ? { ...s, items: move(s.items, from, to) } : s)),
    );

  const dropOn = (si: number, ii: number | null) => (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!drag) return;
    if (drag.item === null && ii === null) setSections((all) => move(all, drag.section, si));
    else if (drag.item !== null && ii !== null && drag.section === si) moveItem(si, drag.item, ii);
    setDrag(null);
  };

  const nameI18n = useWatch({ control: form.control, name: 'name_i18n' });
  const submit = form.handleSubmit((v) => {
    // Empty translations are dropped: the English shows in that language.
    const content = {
      sections: v.sections.map(({ title_i18n, items, ...s }) => ({
        ...s,
        ...withTranslations('title_i18n', title_i18n),
        items: items.map(({ label_i18n, ...it }) => ({
          ...it,
          ...withTranslations('label_i18n', label_i18n),
        })),
      })),
    };
    onSave(
      {
        name: v.name,
        name_i18n: cleanTranslations(v.name_i18n),
        description: v.description,
        content,
      },
      JSON.stringify(content) !== JSON.stringify(initial.content),
    );
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} aria-label={t('editor.label')} className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField control={form.control} name="name" label={t('editor.name')} maxLength={120} />
          <TextField control={form.control} name="description" label={t('editor.description')} />
          <TranslationInputs
            className="sm:col-span-2"
            name={t('editor.name')}
            value={nameI18n}
            maxLength={120}
            onChange={(value) => form.setValue('name_i18n', value, { shouldDirty: true })}
          />
        </div>

        <ol className="space-y-4">
          {sections.map((s, si) => (
            <li
              key={s.id}
              onDragOver={(e) => e.preventDefault()}
              onDrop={dropOn(si, null)}
              className="space-y-2 rounded-md border p-3"
            >
              <fieldset className="space-y-2">
                <legend className="sr-only">{t('editor.section', { number: si + 1 })}</legend>
                <div className="flex flex-wrap items-end gap-2">
                  <span
                    draggable
                    onDragStart={() => setDrag({ section: si, item: null })}
                    className="text-muted-foreground cursor-grab select-none"
                    aria-hidden="true"
                  >
                    ⠿
                  </span>
                  <div className="min-w-48 flex-1 space-y-1">
                    <Label htmlFor={`section-${s.id}`}>
                      {t('editor.sectionTitle', { number: si + 1 })}
                    </Label>
                    <Input
                      id={`section-${s.id}`}
                      value={s.title}
                      onChange={(e) => setSection(si, { title: e.target.value })}
                    />
                  </div>
                  <OrderButtons
                    name={t('editor.sectionName', { name: s.title || si + 1 })}
                    index={si}
                    count={sections.length}
                    onMove={(to) => setSections((all) => move(all, si, to))}
                    onRemove={() => setSections((all) => all.filter((_, i) => i !== si))}
                  />
                  <TranslationInputs
                    name={t('editor.sectionTitle', { number: si + 1 })}
                    value={s.title_i18n}
                    maxLength={120}
                    onChange={(value) => setSection(si, { title_i18n: value })}
                  />
                </div>
                <ol className="space-y-2">
                  {s.items.map((it, ii) => (
                    <li
                      key={it.id}
                      draggable
                      onDragStart={(e) => {
                        e.stopPropagation();
                        setDrag({ section: si, item: ii });
                      }}
                      onDragOver={(e) => e.preventDefault()}
                      onDrop={dropOn(si, ii)}
                      className="bg-muted/30 flex flex-wrap items-end gap-2 rounded-md p-2"
                      data-testid="checklist-item"
                    >
                      <div className="min-w-48 flex-1 space-y-1">
                        <Label htmlFor={`item-${it.id}`}>
                          {t('editor.item', { number: ii + 1 })}
                        </Label>
                        <Input
                          id={`item-${it.id}`}
                          value={it.label}
                          onChange={(e) => setItem(si, ii, { label: e.target.value })}
                        />
                      </div>
                      <div className="space-y-1">
                        <Label htmlFor={`kind-${it.id}`}>{t('editor.kind')}</Label>
                        <NativeSelect
                          id={`kind-${it.id}`}
                          value={it.kind}
                          onChange={(e) => setItem(si, ii, { kind: e.target.value as ItemKind })}
                        >
                          {ITEM_KINDS.map((k) => (
                            <NativeSelectOption key={k} value={k}>
                              {kindLabel(k)}
                            </NativeSelectOption>
                          ))}
                        </NativeSelect>
                      </div>
                      {it.kind === 'number' ? (
                        <>
                          {(['min', 'max'] as const).map((bound) => (
                            <div key={bound} className="w-20 space-y-1">
                              <Label htmlFor={`${bound}-${it.id}`}>
                                {t(bound === 'min' ? 'editor.min' : 'editor.max')}
                              </Label>
                              <Input
                                id={`${bound}-${it.id}`}
                                type="number"
                                step="any"
                                value={it[bound] ?? ''}
                                onChange={(e) =>
                                  setItem(si, ii, {
                                    [bound]: e.target.value === '' ? null : Number(e.target.value),
                                  })
                                }
                              />
                            </div>
                          ))}
                        </>
                      ) : null}
                      {(['required', 'critical'] as const).map((flag) => (
                        <label key={flag} className="flex items-center gap-1 text-sm">
                          <input
                            type="checkbox"
                            checked={it[flag]}
                            onChange={(e) => setItem(si, ii, { [flag]: e.target.checked })}
                          />
                          {t(flag === 'required' ? 'editor.required' : 'editor.critical')}
                        </label>
                      ))}
                      <OrderButtons
                        name={t('editor.itemName', { name: it.label || ii + 1 })}
                        index={ii}
                        count={s.items.length}
                        onMove={(to) => moveItem(si, ii, to)}
                        onRemove={() =>
                          setSection(si, { items: s.items.filter((_, j) => j !== ii) })
                        }
                      />
                      <TranslationInputs
                        name={t('editor.item', { number: ii + 1 })}
                        value={it.label_i18n}
                        maxLength={300}
                        onChange={(value) => setItem(si, ii, { label_i18n: value })}
                      />
                    </li>
                  ))}
                </ol>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => setSection(si, { items: [...s.items, newItem()] })}
                >
                  <Plus aria-hidden="true" />
                  {t('editor.addItem', {
                    section: s.title || t('editor.sectionName', { name: si + 1 }),
                  })}
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
        <Button
          type="button"
          variant="outline"
          onClick={() => setSections((all) => [...all, newSection()])}
        >
          <Plus aria-hidden="true" />
          {t('editor.addSection')}
        </Button>
        {problem ? (
          <p role="alert" className="text-destructive text-sm">
            {problem}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit" disabled={saving}>
            {t(isNew ? 'editor.create' : 'editor.publish')}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('editor.cancel')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

// Move up / Move down / Remove for one section or item, named "<name>" in each button's label
// (e.g. "Move section Kitchen up", "Remove item 2").
function OrderButtons({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const t = useT(messages);
  const buttons = [
    {
      key: 'up',
      label: t('editor.moveUp', { name }),
      Icon: ArrowUp,
      disabled: index === 0,
      run: () => onMove(index - 1),
    },
    {
      key: 'down',
      label: t('editor.moveDown', { name }),
      Icon: ArrowDown,
      disabled: index === count - 1,
      run: () => onMove(index + 1),
    },
    {
      key: 'remove',
      label: t('editor.remove', { name }),
      Icon: Trash2,
      disabled: false,
      run: onRemove,
    },
  ];
  return buttons.map(({ key, label, Icon, disabled, run }) => (
    <Button
      key={key}
      type="button"
      size="icon-sm"
      variant="ghost"
      aria-label={label}
      disabled={disabled}
      onClick={run}
    >
      <Icon aria-hidden="true" />
    </Button>
  ));
}

/** `{ [key]: translations }` when any is written, else nothing (the key is left out). */
function withTranslations<K extends string>(key: K, value: Translations | undefined) {
  const clean = cleanTranslations(value);
  return (Object.keys(clean).length > 0 ? { [key]: clean } : {}) as Partial<
    Record<K, Translations>
  >;
}
