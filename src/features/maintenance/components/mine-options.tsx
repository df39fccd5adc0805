// The switch of "Mine" that adds the unassigned work orders of my areas, and which areas those are
// (../mine.ts; docs/maintenance.md "Taking a work order").

export function MineOptions({
  include,
  onIncludeChange,
  areas,
}: {
  include: boolean;
  onIncludeChange: (on: boolean) => void;
  areas: string[];
}) {
  return (
    <div className="space-y-1 text-sm">
      <label className="flex min-h-11 items-center gap-2 sm:min-h-0">
        <input
          type="checkbox"
          className="size-4"
          checked={include}
          onChange={(e) => onIncludeChange(e.target.checked)}
          aria-describedby="mine-areas"
        />
        Include unassigned in my areas
      </label>
      <p id="mine-areas" className="text-muted-foreground text-xs break-words">
        {areas.length > 0
          ? `My areas: ${areas.join('; ')} (where my work orders have been).`
          : 'No areas yet: every unassigned work order is shown until you have had one.'}
      </p>
    </div>
  );
}
