/* The names Darwin's MacTypes.h declares at file scope, which every Swift file that imports
 * Foundation or IDPlatform (`@_exported import Darwin`) sees on a Mac: CarbonCore MacTypes.h, as
 * found in the macOS SDK (/usr/include/MacTypes.h). The types here are close enough to clash by
 * name, which is all this is for: a project type of the same name used from another module is
 * "ambiguous for type lookup" there (turn-4 macOS read, blocker B: IDInspector's Style).
 *
 * Left out: the integer names (UInt8, SInt32, ...) and Boolean, which Swift's importer maps to its
 * own types (UInt8, DarwinBoolean) rather than importing them as names; and Duration (int in MacTypes.h). Swift's own Duration meets it in every macOS program
 * that imports Foundation, and how the real SDK settles that could not be checked from here; no
 * file of ours names Duration. */
#ifndef IDSCOPE_DARWIN_NAMES_H
#define IDSCOPE_DARWIN_NAMES_H

typedef long Fixed;
typedef long Fract;
typedef unsigned long UnsignedFixed;
typedef short ShortFixed;
typedef char *Ptr;
typedef Ptr *Handle;
typedef long Size;
typedef short OSErr;
typedef int OSStatus;
typedef void *LogicalAddress;
typedef const void *ConstLogicalAddress;
typedef void *PhysicalAddress;
typedef unsigned char *BytePtr;
typedef unsigned long ByteCount;
typedef unsigned long ByteOffset;
typedef unsigned long ItemCount;
typedef unsigned long OptionBits;
typedef short ScriptCode;
typedef short LangCode;
typedef short RegionCode;
typedef unsigned int FourCharCode;
typedef FourCharCode OSType;
typedef FourCharCode ResType;
typedef OSType *OSTypePtr;
typedef long (*ProcPtr)(void);
typedef ProcPtr *ProcHandle;
typedef unsigned int UnicodeScalarValue;
typedef unsigned short UniChar;
typedef UniChar *UniCharPtr;
typedef unsigned long UniCharCount;
typedef unsigned char Str255[256];
typedef unsigned char Str63[64];
typedef unsigned char Str32[33];
typedef unsigned char Str31[32];
typedef unsigned char Str27[28];
typedef unsigned char Str15[16];
typedef unsigned char *StringPtr;
typedef StringPtr *StringHandle;
typedef const unsigned char *ConstStringPtr;
typedef const unsigned char *ConstStr255Param;
typedef short CharParameter;
typedef unsigned char Style;
typedef short StyleParameter;
typedef Style StyleField;
typedef int TimeValue;
typedef int TimeScale;
typedef long long CompTimeValue;
typedef long long TimeValue64;
typedef struct TimeBaseRecord *TimeBase;
struct TimeRecord { CompTimeValue value; TimeScale scale; TimeBase base; };
typedef struct TimeRecord TimeRecord;
struct NumVersion { unsigned char nonRelRev; unsigned char stage; unsigned char minorAndBugRev; unsigned char majorRev; };
typedef struct NumVersion NumVersion;
union NumVersionVariant { NumVersion parts; unsigned int whole; };
typedef union NumVersionVariant NumVersionVariant;
struct VersRec { NumVersion numericVersion; short countryCode; Str255 shortVersion; Str255 reserved; };
typedef struct VersRec VersRec;
typedef unsigned char Byte;
typedef signed char SignedByte;
typedef unsigned int UTF32Char;
typedef unsigned short UTF16Char;
typedef unsigned char UTF8Char;
typedef void *KernelID;
struct Point { short v; short h; };
typedef struct Point Point;
typedef Point *PointPtr;
struct Rect { short top; short left; short bottom; short right; };
typedef struct Rect Rect;
typedef Rect *RectPtr;
struct FixedPoint { Fixed x; Fixed y; };
typedef struct FixedPoint FixedPoint;
struct FixedRect { Fixed left; Fixed top; Fixed right; Fixed bottom; };
typedef struct FixedRect FixedRect;
struct ProcessSerialNumber { unsigned int highLongOfPSN; unsigned int lowLongOfPSN; };
typedef struct ProcessSerialNumber ProcessSerialNumber;

enum { noErr = 0 };
enum { kNilOptions = 0 };
enum { kVariableLengthArray = 1 };
enum { kUnknownType = 0x3F3F3F3F };
enum { normal = 0, bold = 1, italic = 2, underline = 4, outline = 8, shadow = 0x10, condense = 0x20, extend = 0x40 };
enum { developStage = 0x20, alphaStage = 0x40, betaStage = 0x60, finalStage = 0x80 };

#endif
