/** A field the person does not edit (the contest type, a source's network, a moment's won flag): kept, not shown. */
import type { WidgetProps } from "@rjsf/utils";

export function HiddenWidget(props: WidgetProps) {
  const value = props.value === undefined || props.value === null ? "" : String(props.value);
  return <input type="hidden" id={props.id} name={props.htmlName ?? props.name} value={value} />;
}
