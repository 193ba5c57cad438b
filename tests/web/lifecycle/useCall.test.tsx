import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useCall } from "../../../web/src/lifecycle/useCall";

/** A call whose answers the test hands out one by one, in the order it chooses. */
function deferredCalls<T>() {
  const pending: Array<(value: T) => void> = [];
  const run = () => new Promise<T>((resolve) => pending.push(resolve));
  return { run, pending };
}

describe("useCall", () => {
  it("keeps a local change made while the first load is in flight, and loads again after it", async () => {
    const calls = deferredCalls<string[]>();
    const { result } = renderHook(() => useCall(calls.run, []));
    expect(calls.pending).toHaveLength(1);
    // A draw made before the page's first list came back.
    act(() => result.current.setData((list) => [...(list ?? []), "made"]));
    expect(result.current.data).toEqual(["made"]);
    expect(calls.pending).toHaveLength(2);
    // The first list was read before the draw: it must not replace it.
    await act(async () => calls.pending[0]?.([]));
    expect(result.current.data).toEqual(["made"]);
    await act(async () => calls.pending[1]?.(["older", "made"]));
    expect(result.current.data).toEqual(["older", "made"]);
    expect(result.current.loading).toBe(false);
  });

  it("changes the data without a call when nothing is in flight", async () => {
    const calls = deferredCalls<string[]>();
    const { result } = renderHook(() => useCall(calls.run, []));
    await act(async () => calls.pending[0]?.(["a"]));
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.setData((list) => [...(list ?? []), "b"]));
    expect(result.current.data).toEqual(["a", "b"]);
    expect(calls.pending).toHaveLength(1);
  });
});
