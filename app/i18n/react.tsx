// The merchant's language for every admin page, from the /app layout's loader.
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { translator, type Locale, type Translator } from "./locale";

const I18nContext = createContext<Translator>(translator("es"));

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => translator(locale), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): Translator {
  return useContext(I18nContext);
}
