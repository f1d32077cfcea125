"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** Recharts is the largest client dependency: loaded after the numbers, with a placeholder of the chart's size. */
export const VolumeChartLazy = dynamic(() => import("./volume-chart").then((m) => m.VolumeChart), { ssr: false, loading: () => <Skeleton className="h-64 w-full" /> });
