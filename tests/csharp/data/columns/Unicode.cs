namespace Cols
{
    class Helper { }
    class Q
    {
        string s = "héllo😀";	int a = Helper.Zed;
	/* é */ int b	=	Helper.Zed2;
    }
}
