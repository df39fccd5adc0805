// The open state of a list's folded filters (filter-fold.tsx).
import { useId, useState } from 'react';

export interface FilterFold {
  open: boolean;
  setOpen: (open: boolean) => void;
  id: string;
}

export function useFilterFold(): FilterFold {
  const [open, setOpen] = useState(false);
  return { open, setOpen, id: useId() };
}
