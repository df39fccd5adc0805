/** On a SheetContent: hides the kit's English close button (the content's last child). */
export const SHEET_WITHOUT_KIT_CLOSE = '[&>button:last-child]:hidden';
