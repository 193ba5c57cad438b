/**
 * The plays the widget stories share: the control that a disabled or plan-gated widget must disable, or that an
 * invalid one must mark with aria-invalid.
 */
import { expect, within } from "storybook/test";

type Canvas = ReturnType<typeof within>;
type Play = (context: { canvasElement: HTMLElement }) => Promise<void>;

export const expectDisabled =
  (control: (canvas: Canvas) => HTMLElement): Play =>
  async ({ canvasElement }) => {
    await expect(control(within(canvasElement))).toBeDisabled();
  };

export const expectInvalid =
  (control: (canvas: Canvas) => HTMLElement): Play =>
  async ({ canvasElement }) => {
    await expect(control(within(canvasElement))).toHaveAttribute("aria-invalid", "true");
  };
