export declare function pathOf(url: string): string
export declare function targetRefusal(url: string): string | null
