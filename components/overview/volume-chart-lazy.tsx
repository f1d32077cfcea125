"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** The chart (canvas) loads after the numbers, with a placeholder of its size. */
export const VolumeChartLazy = dynamic(() => import("./volume-chart").then((m) => m.VolumeChart), {
  ssr: false,
  loading: () => <Skeleton className="h-60 w-full" />,
});
