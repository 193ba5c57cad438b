import { createContext } from "react";

/** The builder's Escape: the overlay (ContestBuilder) calls it; BuilderView puts the close-builder confirmation in it. */
export const BuilderEscape = createContext<{ current: (() => void) | null }>({ current: null });
