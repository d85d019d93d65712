// What a save from the top save bar says, where the merchant is looking: at the top of the page,
// brought into view and announced, naming the section saved (not inside a card far below the fold).
import { Banner } from "@shopify/polaris";
import { useEffect, useRef } from "react";

export function SavedNotice({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "start" });
    ref.current?.focus({ preventScroll: true });
  }, [message]);
  return (
    <div ref={ref} tabIndex={-1} role="status" data-testid="settings-saved">
      <Banner tone="success" title={message} />
    </div>
  );
}
