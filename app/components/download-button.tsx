// A button that downloads a file from one of the app's own routes. It fetches (inside the admin,
// App Bridge adds the session token to the app's own requests) and saves the answer under its name.
import { Button } from "@shopify/polaris";
import { useState } from "react";

export function DownloadButton({ url, filename, label }: { url: string; filename: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(url);
      if (!response.ok) return;
      const href = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = href;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void download()} loading={busy}>
      {label}
    </Button>
  );
}
