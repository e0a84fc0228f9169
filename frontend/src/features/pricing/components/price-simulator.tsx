import {
  estimate,
  SIMULATOR_LIMITS,
  simulatorMinutes,
  type EstimateCurrency,
  type Feature,
  type Features,
  type VisualComplexity,
} from '@domain/pricing';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BasicTab } from './price-simulator/basic-tab';
import { CategoryTab, type CategoryChoice } from './price-simulator/category-tab';
import { OptionsTab } from './price-simulator/options-tab';
import { SimulatorResult } from './price-simulator/simulator-result';
import { PRICING_NAMESPACE } from '../locales';

/**
 * The pricing simulator (§2.3, §9.5): every change recomputes `estimate()` in the browser, the
 * same function the api uses to charge, so what is shown here is what a brief will cost.
 */
export function PriceSimulator({
  currency,
  offerActive,
  expressEnabled,
}: {
  currency: EstimateCurrency;
  offerActive: boolean;
  /** Off (an admin setting): no express option, as in the funnels. */
  expressEnabled: boolean;
}) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  const [rushText, setRushText] = useState(String(SIMULATOR_LIMITS.rushMinutes.default));
  const [finalText, setFinalText] = useState(String(SIMULATOR_LIMITS.finalMinutes.default));
  const [visualComplexity, setVisualComplexity] = useState<VisualComplexity>('professional');
  const [category, setCategory] = useState<CategoryChoice>('auto');
  const [features, setFeatures] = useState<Features>({});
  const [expressChosen, setExpress] = useState(false);
  const wantsExpress = expressEnabled && expressChosen;

  const result = useMemo(() => {
    const input = {
      serviceCategory: category === 'auto' ? undefined : category,
      visualComplexity,
      rushMinutes: simulatorMinutes(rushText, SIMULATOR_LIMITS.rushMinutes),
      finalMinutes: simulatorMinutes(finalText, SIMULATOR_LIMITS.finalMinutes),
      currency,
      features,
    };
    const standard = estimate(input);
    // Express only where the engine offers it, as in the funnels (never under the category minimum).
    return wantsExpress && standard.expressDeliveryWorkingDays !== null
      ? estimate({ ...input, express: true })
      : standard;
  }, [category, visualComplexity, rushText, finalText, currency, features, wantsExpress]);
  const expressOffered = expressEnabled && result.expressDeliveryWorkingDays !== null;
  const toggleFeature = (feature: Feature, on: boolean) => setFeatures((current) => ({ ...current, [feature]: on }));

  return (
    <Card className="grid grid-cols-1 overflow-hidden lg:grid-cols-[1fr_22rem]">
      <div className="p-5 sm:p-6">
        <Tabs defaultValue="basic">
          <TabsList className="h-auto grid-flow-row grid-cols-1 sm:grid-flow-col sm:grid-cols-none">
            <TabsTrigger value="basic">{t('simulator.tabs.basic')}</TabsTrigger>
            <TabsTrigger value="category">{t('simulator.tabs.category')}</TabsTrigger>
            <TabsTrigger value="options">{t('simulator.tabs.options')}</TabsTrigger>
          </TabsList>
          <TabsContent value="basic" className="flex flex-col gap-6">
            <BasicTab
              rushText={rushText}
              onRushTextChange={setRushText}
              finalText={finalText}
              onFinalTextChange={setFinalText}
              visualComplexity={visualComplexity}
              onVisualComplexityChange={setVisualComplexity}
            />
          </TabsContent>
          <TabsContent value="category">
            <CategoryTab category={category} onCategoryChange={setCategory} currency={currency} />
          </TabsContent>
          <TabsContent value="options">
            <OptionsTab
              result={result}
              onFeatureChange={toggleFeature}
              express={result.express}
              onExpressChange={expressOffered ? setExpress : undefined}
            />
          </TabsContent>
        </Tabs>
      </div>
      <SimulatorResult result={result} currency={currency} express={result.express} offerActive={offerActive} />
    </Card>
  );
}
